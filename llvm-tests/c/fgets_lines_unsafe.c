// Fails when standard input has three lines.
#include <assert.h>
#include <stdio.h>
int main(void) {
  char buf[64];
  int lines = 0;
  while (fgets(buf, sizeof buf, stdin) != NULL) lines++;
  assert(lines != 3);
  return 0;
}
