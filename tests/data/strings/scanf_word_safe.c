#include <assert.h>
#include <stdio.h>
#include <string.h>

/* A word read with a width fits its buffer and does not start with white
 * space. */
int main(void) {
  char word[4];
  if (scanf("%3s", word) != 1)
    return 0;
  assert(strlen(word) <= 3);
  assert(word[0] != ' ' && word[0] != '\n');
  return 0;
}
