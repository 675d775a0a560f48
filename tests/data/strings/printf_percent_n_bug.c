/* printf writes the count of bytes printed through %n: a write ufo must
 * follow (it did not, and proved this program SAFE) */
#include <assert.h>
#include <stdio.h>
int main(void) {
  int x = 0;
  printf("abc%n\n", &x);
  assert(x == 0);
  return 0;
}
