import { z } from 'zod';

// One mailbox, nothing else: zod's e-mail rule is anchored and allows neither spaces, CR/LF, commas,
// semicolons nor display names, so an accepted value cannot add a header (`\r\nBcc: …`) or a second
// recipient (`a@x.example, b@y.example`) when it reaches nodemailer's `to`. 254 characters is the SMTP limit
// on a forward path (RFC 5321 section 4.5.3.1.3).
const singleEmailAddress = z.string().max(254).pipe(z.email());

export const isSingleEmailAddress = (value: string): boolean => singleEmailAddress.safeParse(value).success;
