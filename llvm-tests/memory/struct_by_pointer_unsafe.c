// A struct passed by pointer to a helper that updates it.
// verdict: unsafe
// decided: O0 O2
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
struct account { int balance; int deposits; };
static void deposit(struct account *a, int amount) {
  a->balance += amount;
  a->deposits++;
}
int main(void) {
  struct account acc = { 0, 0 };
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  for (int i = 0; i < n; i++)
    deposit(&acc, i == 7 ? 4 : 5);
  assert(acc.balance == 5 * acc.deposits);
  return 0;
}
