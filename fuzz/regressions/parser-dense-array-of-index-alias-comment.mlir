// A comment and a line break between an alias name and its `=` (what the
// lexer allows) must not hide the alias of index from the check either.
!i0 = index
!idx // the alias
  = !i0
module attributes {tir.bad = array<!idx: 1>} {
}
