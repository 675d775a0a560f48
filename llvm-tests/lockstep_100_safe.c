// x counts to 100 while y stays equal to x: intervals alone lose y == x at the
// widening (the interval POST needs one refinement, and keeps widening after it).
// verdict: safe
// decided: O2 (at -O0 UFO's refinements give each unrolled copy `x < k`, never `x == y`; the portfolio's Spacer proves it)
extern void reach_error(void);
int main(void) {
  int x = 0, y = 0;
  while (x < 100) {
    x++;
    y++;
  }
  if (y != 100) reach_error();
  return 0;
}
