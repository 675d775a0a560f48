/* The error needs the line "boom" on standard input. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  char line[16];
  if (!fgets(line, sizeof line, stdin))
    return 1;
  line[strcspn(line, "\n")] = 0;
  if (strcmp(line, "boom") == 0)
    assert(0);
  return 0;
}
