; A syntax error on line 3: bad input, exit 2.
define i32 @main() {
  %x = add i32 1,
  ret i32 %x
}
