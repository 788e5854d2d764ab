//! The clocks (FIDE Laws Article 6, Appendix D.2.3).

mod accuracy;
