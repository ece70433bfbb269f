//! AIG bit-vectors and CNF
