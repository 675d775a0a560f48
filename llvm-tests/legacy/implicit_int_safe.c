/* K&R style: implicit int for a global, a function and a parameter
   (errors since clang 16). */
#include <assert.h>

static count = 0;

twice(v) { return 2 * v; }

int main(void) {
  int i;
  for (i = 0; i < 10; i++)
    count = count + twice(1);
  assert(count == 20);
  return 0;
}
