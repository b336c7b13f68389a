/** The zod field for a new password: the domain's password rule, failing with its message key. */
import { z } from 'zod';
import { passwordProblem, PASSWORD_RULE } from '../auth/password-policy';

export const newPassword = z.string().superRefine((pw, ctx) => {
  const problem = passwordProblem(pw);
  // the rule's numbers go into the message ({min}), so it always states the rule in force
  if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { ...PASSWORD_RULE } });
});
