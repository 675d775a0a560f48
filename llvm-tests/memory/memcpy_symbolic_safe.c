// memcpy of a run-time length copies exactly that prefix.
// verdict: safe
// decided: O0 O2
#include <assert.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
int main(void) {
  int dst[8] = {0};
  int m = __VERIFIER_nondet_int();
  if (m < 0 || m > 8) return 0;
  memcpy(dst, src, m * sizeof(int));
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= 8) return 0;
  assert(k < m ? dst[k] == src[k] : dst[k] == 0);
  return 0;
}
