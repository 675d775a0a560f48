#include <assert.h>
#include <stdio.h>

/* snprintf returns the length it would have written, 5 for 12345, of
 * which 3 characters fit with the NUL. */
int main(void) {
  char small[4];
  int m = snprintf(small, sizeof small, "%u", 12345u);
  assert(m == 5 && small[2] == '3' && small[3] == '\0');
  return 0;
}
