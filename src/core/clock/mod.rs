//! The chess clock (FIDE Laws Article 6, Appendix D.2.3, D.2.5).
