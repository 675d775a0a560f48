// A malloc'd array filled and summed in a loop.
// verdict: safe
// decided: O0 O2 (spacer-cells; at -O2 the loops exit on `i + 1 == n`: Spacer finds the invariant only with some seeds, after restarts)
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 1000) return 0;
  int *a = malloc(n * sizeof(int));
  if (!a) return 0;
  for (int i = 0; i < n; i++) a[i] = 3;
  int sum = 0;
  for (int i = 0; i < n; i++) sum += a[i];
  assert(sum == 3 * n);
  free(a);
  return 0;
}
