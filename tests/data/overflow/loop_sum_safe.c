/* The same sum with each number at most 1000: it cannot overflow. */
#include <stdio.h>

int main(void) {
  int n, x, sum = 0;
  if (scanf("%d", &n) != 1 || n > 3)
    return 1;
  for (int i = 0; i < n; i++) {
    if (scanf("%d", &x) != 1 || x < 0 || x > 1000)
      return 1;
    sum += x;
  }
  printf("%d\n", sum);
  return 0;
}
