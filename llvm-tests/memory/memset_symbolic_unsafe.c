// memset of a length known only at run time: one cell short of the check.
// verdict: unsafe
// decided: O0 O2
#include <assert.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[16];
  for (int i = 0; i < 16; i++) a[i] = 7;
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 16) return 0;
  memset(a, 0, (n - 1) * sizeof(int));
  assert(a[n - 1] == 0);
  return 0;
}
