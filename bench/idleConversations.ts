/**
 * Guided-help conversations left idle as the scale bench measures them: each customer says
 * hello, picks the first topic, and is left with the dialog's first question asked. Shared by
 * the scale module and bench/idleMemory.ts, so both measure the same state.
 */
import type { LocalStack } from '../cli/localStack.js';
import { Customer, exchange } from '../test/e2e/customerClient.js';

/** Opens `count` conversations on `stack` and leaves each waiting on a question; `progress` every 25. */
export async function leaveIdleConversations(stack: LocalStack, count: number, progress?: (opened: number) => void): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let c = 0; c < count; c++) {
    const customer = await Customer.start(stack.emulator.url, stack.accountAddress);
    await exchange(customer, 'hello', (m) => m.type.value === 'richMessage.quickreply');
    await exchange(customer, 'Home internet', (m) => m.type.value === 'richMessage.listpicker');
    customers.push(customer);
    if ((c + 1) % 25 === 0) progress?.(c + 1);
  }
  return customers;
}
