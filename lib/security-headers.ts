/**
 * Security headers of the SPA, defined once: CloudFront's response headers policy and the local
 * server (serving the built SPA) both use these.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "img-src 'self' data: blob: https://*.amazonaws.com",
  "media-src 'self' blob: https://*.amazonaws.com",
  "connect-src 'self' https://*.amazonaws.com",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  // canvas-confetti draws off the main thread in a worker built from a blob URL.
  "worker-src 'self' blob:",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

export const securityHeaders = {
  'content-security-policy': contentSecurityPolicy,
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(self), microphone=(self), geolocation=()',
} as const;

/** Local variant: the browser must reach the local S3 stand-in on its own loopback port. */
export const localContentSecurityPolicy = (extraOrigins: string[]): string =>
  contentSecurityPolicy.replace(
    /(img-src|media-src|connect-src) ([^;]+)/g,
    (_, directive: string, sources: string) => `${directive} ${sources} ${extraOrigins.join(' ')}`,
  );
