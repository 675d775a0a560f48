// init has no body: it may write anything through its pointer.
#include <assert.h>
void init(int *p);
int main(void) {
  int v = 0;
  init(&v);
  assert(v != 3);
  return 0;
}
