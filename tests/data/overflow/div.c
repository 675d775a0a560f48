/* INT_MIN / -1 overflows; the check for 0 is not enough. */
#include <limits.h>
#include <stdio.h>

int main(void) {
  int a, b;
  if (scanf("%d %d", &a, &b) != 2 || b == 0)
    return 1;
  printf("%d\n", a / b);
  return 0;
}
