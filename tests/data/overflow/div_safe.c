/* The division is guarded against both 0 and INT_MIN / -1. */
#include <limits.h>
#include <stdio.h>

int main(void) {
  int a, b;
  if (scanf("%d %d", &a, &b) != 2 || b == 0 || (a == INT_MIN && b == -1))
    return 1;
  printf("%d\n", a / b);
  return 0;
}
