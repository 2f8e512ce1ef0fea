import { z } from 'zod';

export const loginRequestSchema = z.object({
  password: z.string({ error: 'Password is required' }).refine((value) => value.trim().length > 0, 'Password is required'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  success: z.boolean(),
  expiresAt: z.string().optional(),
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verifyResponseSchema = z.object({ valid: z.boolean(), expiresAt: z.string().optional() });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;
