// Fill an array in a loop and check it.
// verdict: safe
// decided: O0 O2 (spacer-cells; at -O2 with the induction variable kept at 32 bits)
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[100];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100) return 0;
  for (int i = 0; i < n; i++) a[i] = 2 * i;
  for (int i = 0; i < n; i++) assert(a[i] == 2 * i);
  return 0;
}
