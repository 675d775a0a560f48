/* An integer assigned to a function pointer, as ntdrivers do with their
   dispatch tables (an error since clang 16), and a handler whose
   prototype differs from the pointer's. The bug is in the handler. */
#include <assert.h>
#include <stdio.h>

typedef int (*handler_t)(int);

int dispatch(unsigned code) { return code == 3 ? -1 : 1; }

int main(void) {
  int code;
  long addr = 0;
  handler_t none = addr;        /* integer to pointer */
  handler_t handle = dispatch;  /* incompatible function pointer types */
  if (scanf("%d", &code) != 1)
    return 0;
  if (none == 0) {
    int r = handle(code);
    assert(r >= 0);
  }
  return 0;
}
