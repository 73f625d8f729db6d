import { pay, payGuid, payOrder, rechargePackages, upgradePackages } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import type { UsersRepository } from '../users/users.repository.js';
import { presentOrder, presentRechargePackages, presentUpgradePlans, resultOf } from './billing.presenter.js';
import type { BillingService } from './billing.service.js';
import type { PackagesRepository } from './packages.repository.js';

/**
 * Recharge and upgrade packages, guids, pay and the order status (protocol calls/billing.ts).
 * The providers' webhooks and the sandbox's pages are not member calls: payments-http.ts.
 */
export function billingRoutes(
  router: Router,
  deps: { billing: BillingService; packages: PackagesRepository; users: UsersRepository; now: () => number },
  payLimit: { max: number; timeWindow: string },
) {
  const { billing, packages, users, now } = deps;
  const present = async (order: Parameters<typeof presentOrder>[0], memberId: number) => presentOrder(order, await users.findById(memberId), now());

  router.handle(rechargePackages, async () => ok(presentRechargePackages(await packages.listRecharge())));
  router.handle(upgradePackages, async () => {
    const [prices, rows] = await Promise.all([packages.listPrices(), packages.listUpgrade()]);
    return ok(presentUpgradePlans(prices, rows));
  });
  router.handle(payGuid, async ({ member }) => ok(await billing.issueGuid(member)));
  router.handle(
    pay,
    async ({ body, member }) => {
      const order = await billing.pay(member, body);
      return ok({ ...resultOf(order), guid: order.guid, order: await present(order, member.id) });
    },
    { rateLimit: payLimit },
  );
  router.handle(payOrder, async ({ body, member }) => ok(await present(await billing.find(member, body.guid), member.id)));
}
