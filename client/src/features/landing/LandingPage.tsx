import { useState } from 'react';
import { Link } from 'react-router';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { PRODUCT_NAME } from '@patentscout/schema';
import { useAppConfig } from '../../session/AppConfigContext';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { RegisterDialog } from './RegisterDialog';
import { SignInCard } from './SignInCard';
import { SignInDialog } from './SignInDialog';
import { useEmailLinkSignIn } from './useEmailLinkSignIn';
import { SiteLink } from '../../ui/SiteLink';

type Dialog = 'sign-in' | 'register' | 'forgot-password' | null;

export function LandingPage() {
  const { embedded, featuresUrl, docsUrl } = useAppConfig();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  useEmailLinkSignIn();

  return (
    <>
      <section className="text-center py-4">
        <h1 className="display-5 fw-semibold mb-3">Bringing innovation to life</h1>
        <p className="lead text-muted mx-auto" style={{ maxWidth: '60ch' }}>
          {PRODUCT_NAME} finds the patents behind tomorrow's ideas: search in plain words or with precise
          field queries, read AI summaries, and keep the discoveries that matter.
        </p>
      </section>
      <SignInCard
        onSignInWithEmail={() => setDialog('sign-in')}
        onRegisterWithEmail={() => setDialog('register')}
      />
      <Row className="justify-content-center text-center mt-4 g-2">
        <Col xs="auto">
          <SiteLink href={featuresUrl} newTab>
            Explore the features
          </SiteLink>
        </Col>
        <Col xs="auto" aria-hidden="true">
          ·
        </Col>
        <Col xs="auto">
          <SiteLink href={docsUrl} newTab>
            Read the documentation
          </SiteLink>
        </Col>
      </Row>
      {embedded ? (
        <p className="text-center small mt-4 mb-0">
          <Link to="/dev/emails">Development e-mail inbox</Link>
        </p>
      ) : null}
      <SignInDialog
        show={dialog === 'sign-in'}
        onClose={close}
        onForgotPassword={() => setDialog('forgot-password')}
      />
      <RegisterDialog show={dialog === 'register'} onClose={close} />
      <ForgotPasswordDialog show={dialog === 'forgot-password'} onClose={close} />
    </>
  );
}
