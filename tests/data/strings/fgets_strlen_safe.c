/* A line read with fgets fits its buffer: strlen stays below its size. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  char buf[16];
  if (fgets(buf, sizeof buf, stdin))
    assert(strlen(buf) < sizeof buf);
  return 0;
}
