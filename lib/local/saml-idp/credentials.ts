import { webcrypto } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as x509 from '@peculiar/x509';

/** An RSA signing key (PKCS#8 PEM) and its self-signed certificate (PEM). */
export interface SigningCredentials {
  privateKey: string;
  certificate: string;
}

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };

const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '')}\n-----END ${label}-----\n`;

/** A new RSA-2048 key and a certificate for it, valid ten years, named `CN=<commonName>`. */
export const newSigningCredentials = async (commonName: string): Promise<SigningCredentials> => {
  const keys = await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify']);
  const now = new Date();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(8)))
        .toString('hex')
        .replace(/^[89a-f]/, '1'),
      name: `CN=${commonName}`,
      notBefore: new Date(now.getTime() - 24 * 3600 * 1000),
      notAfter: new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000),
      keys,
      signingAlgorithm: RSA,
    },
    webcrypto as unknown as Crypto,
  );
  return { privateKey: pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)), certificate: certificate.toString('pem') };
};

/** The stand-in's credentials, made once and kept in the data directory (so metadata pasted earlier stays valid). */
export const loadOrCreateCredentials = async (file: string): Promise<{ idp: SigningCredentials; stranger: SigningCredentials }> => {
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { idp?: SigningCredentials; stranger?: SigningCredentials };
    if (stored.idp?.privateKey && stored.idp.certificate && stored.stranger?.privateKey && stored.stranger.certificate) {
      return { idp: stored.idp, stranger: stored.stranger };
    }
  }
  const [idp, stranger] = await Promise.all([newSigningCredentials('Local SAML identity provider'), newSigningCredentials('A stranger')]);
  writeFileSync(file, JSON.stringify({ idp, stranger }, null, 2), { mode: 0o600 });
  return { idp, stranger };
};

/** A PEM certificate's base64 DER body (what metadata and the product's provider item hold). */
export const certificateBody = (certificatePem: string): string =>
  certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
