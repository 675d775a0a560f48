#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

/* The text of a negative number starts with '-'. */
int main(int argc, char **argv) {
  if (argc < 2)
    return 0;
  char buf[16];
  sprintf(buf, "%d", atoi(argv[1]));
  assert(buf[0] != '-');
  return 0;
}
