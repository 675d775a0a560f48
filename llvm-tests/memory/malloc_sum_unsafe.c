// A malloc'd array filled and summed in a loop.
// verdict: unsafe
// decided: O0 O2
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 1000) return 0;
  int *a = malloc(n * sizeof(int));
  if (!a) return 0;
  for (int i = 0; i < n; i++) a[i] = i == 9 ? 2 : 3;
  int sum = 0;
  for (int i = 0; i < n; i++) sum += a[i];
  assert(sum == 3 * n);
  free(a);
  return 0;
}
