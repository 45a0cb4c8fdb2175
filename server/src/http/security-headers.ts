import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { HttpConfig } from './http.settings.js';

/** The origins the browser talks to besides the app: Firebase Auth (or its emulator), forms. */
function authOrigins(config: Pick<HttpConfig, 'auth'>): {
  connect: string[];
  scripts: string[];
  frames: string[];
} {
  const { auth } = config;
  if (auth.mode === 'emulator') {
    const emulator = `http://${auth.emulatorHost}:${auth.emulatorPort}`;
    return { connect: [emulator], scripts: [], frames: [emulator] };
  }
  // Staging: the browser talks to an emulator run apart, at the address it can reach.
  const emulator = auth.emulatorPublicUrl ? [auth.emulatorPublicUrl] : [];
  return {
    connect: [
      ...emulator,
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
    ],
    // Google's sign-in popup: its loader script, and the project's auth domain in a hidden frame.
    scripts: ['https://apis.google.com'],
    frames: [...emulator, `https://${auth.authDomain}`, 'https://accounts.google.com'],
  };
}

function originOf(url: string): string[] {
  return URL.canParse(url) ? [new URL(url).origin] : [];
}

/**
 * Security headers (`@fastify/helmet`) on every answer: a Content-Security-Policy the client, the
 * Firebase SDK and the emulator work under (checked in Chromium by the end-to-end journeys),
 * nosniff, a referrer policy, and no framing by other sites.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<HttpConfig, 'env' | 'auth' | 'mailingList'>,
): Promise<void> {
  const production = config.env === 'production';
  const origins = authOrigins(config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...origins.scripts],
        // React and Bootstrap set style attributes; e-mail previews carry inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        // The waiting list posts to its form service, on another origin.
        connectSrc: ["'self'", ...origins.connect, ...originOf(config.mailingList.url)],
        frameSrc: ["'self'", ...origins.frames],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Google's sign-in popup reports back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Plain http on a developer's machine; production sits behind TLS.
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
