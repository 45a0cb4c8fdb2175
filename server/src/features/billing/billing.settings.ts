import { z } from 'zod';
import { ConfigError, defineSettings, optionalText, port, type SettingsOf } from '../../shared/settings.js';

/** The embedded mode's stand-in for Stripe: fixed test credentials it and the app share. */
const LOCAL_STRIPE = {
  secretKey: 'sk_test_patentscout_local',
  webhookSecret: 'whsec_patentscout_local_checkout',
  priceDiscover: 'price_discover_monthly',
};

/** Stripe, or the local stand-in on its own port that speaks the same API (`integrations/local-stripe`). */
export const billingSettings = defineSettings({
  env: {
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PRICE_DISCOVER: optionalText,
    STRIPE_LOCAL_PORT: port.optional(),
    STRIPE_API_URL: z.string().url().optional(),
  },
  requiredInProduction: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_DISCOVER'],
  read(vars, { localPort }) {
    const localStripePort = vars.STRIPE_LOCAL_PORT ?? localPort(12111);
    const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_DISCOVER, STRIPE_API_URL } = vars;
    if (STRIPE_SECRET_KEY && (!STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_DISCOVER)) {
      throw new ConfigError(
        Object.entries({ STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_DISCOVER })
          .filter(([, value]) => !value)
          .map(([name]) => `${name}: required with STRIPE_SECRET_KEY`),
      );
    }
    const stripe = STRIPE_SECRET_KEY
      ? {
          secretKey: STRIPE_SECRET_KEY,
          webhookSecret: STRIPE_WEBHOOK_SECRET!,
          priceDiscover: STRIPE_PRICE_DISCOVER!,
        }
      : undefined;
    return {
      billing: {
        mode: stripe ? ('stripe' as const) : ('local' as const),
        /** The key, the webhook secret and the Discover plan's price: Stripe's, or the stand-in's. */
        ...(stripe ?? LOCAL_STRIPE),
        /** The local stand-in's port (local mode). */
        localPort: localStripePort,
        /** Staging: the Stripe API at another address (a stand-in), instead of api.stripe.com. */
        ...(stripe && STRIPE_API_URL ? { apiUrl: STRIPE_API_URL } : {}),
      },
      modes: {
        payments: !stripe
          ? `local Stripe stand-in on port ${localStripePort} (test checkout, no real payments)`
          : STRIPE_API_URL
            ? `Stripe API at ${STRIPE_API_URL} (staging stand-in)`
            : 'Stripe',
      },
    };
  },
});

/** Stripe's settings (or its local stand-in's): the payment provider's adapter reads them whole. */
export type BillingSettings = SettingsOf<typeof billingSettings>['billing'];

/** What the billing feature reads of them: the Discover plan's price. */
export type BillingFeatureSettings = Pick<BillingSettings, 'priceDiscover'>;
