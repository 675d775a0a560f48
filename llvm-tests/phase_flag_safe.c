// A flag set in the middle of a counting loop: the loop head's invariant is a
// disjunction, (i <= 5 && flag == 0) || (i > 5 && flag == 1). Intervals
// join the two phases (flag in [0, 1]); boxes keep them apart.
// verdict: safe
// ai: O2
// boxes: O0 O2
extern void reach_error(void);
int main(void) {
  int i = 0, flag = 0;
  while (i < 10) {
    if (i == 5) flag = 1;
    i++;
  }
  if (flag != 1) reach_error();
  return 0;
}
