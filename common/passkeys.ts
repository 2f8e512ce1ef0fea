// Passkeys (WebAuthn) of staff members: what the admin and the sign-in screen exchange with the server
// (docs/team.md). The ceremony's options and answers are WebAuthn's JSON forms (@simplewebauthn's types).
import { z } from 'zod';

export const passkeySummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;
export const passkeysResponseSchema = z.object({ passkeys: z.array(passkeySummarySchema) });

/** navigator.credentials.create / get options, as the server made them. */
export const passkeyOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });

const base64url = z
  .string()
  .max(20_000)
  .regex(/^[A-Za-z0-9_-]*$/, 'Not a passkey answer');
const credentialBase = {
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What navigator.credentials.create answered (startRegistration in @simplewebauthn/browser). */
export const registrationCredentialSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).optional(),
    authenticatorData: base64url.optional(),
    publicKey: base64url.optional(),
    publicKeyAlgorithm: z.number().optional(),
  }),
});

export const addPasskeySchema = z.object({
  name: z.string({ error: 'Name the passkey' }).trim().min(1, 'Name the passkey').max(60, 'At most 60 characters'),
  credential: registrationCredentialSchema,
});

/** What navigator.credentials.get answered (startAuthentication). */
export const authenticationCredentialSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

/** The sign-in screen asks for options: with the password step's challenge (second factor) or without (passwordless). */
export const passkeySignInOptionsSchema = z.object({ challenge: z.string().min(20).max(200).optional() });
export const passkeySignInSchema = z.object({
  challenge: z.string().min(20).max(200).optional(),
  credential: authenticationCredentialSchema,
});
