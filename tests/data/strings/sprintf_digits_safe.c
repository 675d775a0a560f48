#include <assert.h>
#include <stdio.h>

/* A number from 1 to 999 takes one to three digits, and the text ends
 * with a NUL where sprintf's count says. */
int main(int argc, char **argv) {
  (void)argv;
  char buf[16];
  if (argc > 999)
    return 0;
  int n = sprintf(buf, "%d", argc);
  assert(n >= 1 && n <= 3);
  assert(buf[0] != '-' && buf[n] == '\0');
  return 0;
}
