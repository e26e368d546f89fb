/**
 * Accounts: API key, credit balance, webhook URL and whether the key is active. Both interfaces
 * and the control surface share this one store. Charging is check-and-deduct in one synchronous
 * step, so two concurrent submissions can never overdraw a balance.
 */

export interface Account {
  key: string;
  credits: number;
  webhookUrl: string | null;
  active: boolean;
  createdAt: string;
}

export class AccountStore {
  private readonly accounts = new Map<string, Account>();

  create(key: string, credits: number, createdAt: string): Account {
    const account: Account = { key, credits, webhookUrl: null, active: true, createdAt };
    this.accounts.set(key, account);
    return account;
  }

  get(key: string): Account | undefined {
    return this.accounts.get(key);
  }

  /** Deducts `amount` if the balance covers it; false (and nothing deducted) otherwise. */
  charge(account: Account, amount: number): boolean {
    if (account.credits < amount) return false;
    account.credits -= amount;
    return true;
  }

  refund(account: Account, amount: number): void {
    account.credits += amount;
  }
}
