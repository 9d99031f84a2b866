"crashy.op"() : () -> ()
