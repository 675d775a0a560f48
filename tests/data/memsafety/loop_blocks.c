/* Allocates and frees a block per round: safe, but each round's block is
   a new one, which the leak check does not track. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n;
  if (scanf("%d", &n) != 1)
    return 1;
  for (int i = 0; i < n; i++) {
    char *p = malloc(8);
    if (!p)
      return 1;
    p[0] = 'x';
    free(p);
  }
  return 0;
}
