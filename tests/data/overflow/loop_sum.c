/* The sum of n numbers read from standard input overflows when they are large. */
#include <stdio.h>

int main(void) {
  int n, x, sum = 0;
  if (scanf("%d", &n) != 1 || n > 3)
    return 1;
  for (int i = 0; i < n; i++) {
    if (scanf("%d", &x) != 1 || x < 0)
      return 1;
    sum += x;
  }
  printf("%d\n", sum);
  return 0;
}
