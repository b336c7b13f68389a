/** Routes for account security, identity, wallets, cards and funds (issue: account, security, KYC, funds). */
import type { FastifyInstance } from 'fastify';
import { seedFunds } from '../../domain/funds/seed';
import { profileRoutes } from './funds/profile';
import { securityRoutes } from './funds/security';
import { kycRoutes } from './funds/kyc';
import { walletRoutes } from './funds/wallets';
import { moneyRoutes } from './funds/money';
import { fileRoutes } from './funds/files';

export async function fundsRoutes(api: FastifyInstance): Promise<void> {
  // Defaults that need the seeded currencies (fees, minimums, fiat rates); idempotent.
  await seedFunds(api.db);
  await api.register(profileRoutes);
  await api.register(securityRoutes);
  await api.register(kycRoutes);
  await api.register(walletRoutes);
  await api.register(moneyRoutes);
  await api.register(fileRoutes);
}
