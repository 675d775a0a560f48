/* The assertion holds; the product overflows for large inputs. */
#include <assert.h>
#include <stdio.h>

int main(void) {
  int x;
  if (scanf("%d", &x) != 1 || x < 0)
    return 1;
  int y = x * 3;
  assert(x >= 0);
  printf("%d\n", y);
  return 0;
}
