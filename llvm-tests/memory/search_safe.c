// A linear search: every cell before the one found differs from the key.
// verdict: safe
// decided: O2 (arrays: the check `a[x] != key` as a template, over the cells the search passed)
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[64];
  for (int j = 0; j < 64; j++) a[j] = __VERIFIER_nondet_int();
  int key = __VERIFIER_nondet_int();
  int i = 0;
  while (i < 64 && a[i] != key) i++;
  for (int x = 0; x < i; x++) assert(a[x] != key);
  return 0;
}
