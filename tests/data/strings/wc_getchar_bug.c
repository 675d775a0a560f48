/* Two words in three characters ("a b"): isspace tells them apart. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>

int main(void) {
  int c, words = 0, chars = 0, in_word = 0;
  while ((c = getchar()) != EOF) {
    chars++;
    if (isspace(c))
      in_word = 0;
    else if (!in_word) {
      in_word = 1;
      words++;
    }
  }
  if (words == 2 && chars == 3)
    assert(0);
  return 0;
}
