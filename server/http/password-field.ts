/** The zod field for a new password: the domain's password rule, failing with its message key. */
import { z } from 'zod';
import { passwordProblem } from '../domain/accounts/password-policy';

export const newPassword = z.string().superRefine((pw, ctx) => {
  const problem = passwordProblem(pw);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
