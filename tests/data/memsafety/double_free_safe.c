/* Frees a block once on every path. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n;
  char *s = malloc(16);
  if (!s)
    return 1;
  if (scanf("%d", &n) != 1) {
    free(s);
    return 1;
  }
  s[0] = 'a';
  if (n < 0) {
    free(s);
    return 0;
  }
  free(s);
  return 0;
}
