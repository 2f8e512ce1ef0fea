import { z } from 'zod';

export const loginRequestSchema = z.object({
  password: z.string({ error: 'Password is required' }).refine((value) => value.trim().length > 0, 'Password is required'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  success: z.boolean(),
  expiresAt: z.string().optional(),
  message: z.string(),
  /** Only when the owner has added a passkey (docs/team.md): the password step's token for the passkey step. */
  challenge: z.string().optional(),
  second_factor: z.enum(['passkey']).optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verifyResponseSchema = z.object({ valid: z.boolean(), expiresAt: z.string().optional() });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;
