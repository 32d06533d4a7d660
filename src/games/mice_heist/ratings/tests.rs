//! Rule steps of the ratings edition on hand-built positions, and invariants over many seeds.
