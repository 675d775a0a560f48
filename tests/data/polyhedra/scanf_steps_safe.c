// A user's program: n read with scanf; every third step adds 2 to a, the
// others 1 to b, so a + 2b = 2i at the loop head and a + b <= 2n after it.
// At -O2 clang makes the branch two selects (a.1 = c ? a : a + 2, b.1 = b +
// zext(c)) and 2 * n a shift (n << 1).
#include <assert.h>
#include <stdio.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1 || n < 0 || n > 1000) return 0;
  int a = 0, b = 0;
  for (int i = 0; i < n; i++) {
    if (i % 3 == 0) a += 2; else b += 1;
  }
  assert(a + b <= 2 * n);
  return 0;
}
