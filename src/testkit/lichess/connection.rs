//! The fake lichess's connections: TCP streams that a request's handler can break, so
//! that its answer is lost (no byte of it reaches the client), as when a connection drops
//! between the server's work and its answer.

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

use axum::extract::connect_info::Connected;
use axum::serve::{IncomingStream, Listener};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// The server's listener: its connections are [`Connection`]s.
pub struct Connections(pub TcpListener);

/// One connection; once its [`Dropper`] is used it neither reads nor writes, so the server
/// closes it without answering.
pub struct Connection {
    stream: TcpStream,
    dropper: Dropper,
}

/// Breaks the connection of the request that holds it (the handler's `ConnectInfo`).
#[derive(Clone, Debug, Default)]
pub struct Dropper(Arc<AtomicBool>);

impl Dropper {
    /// From now on the connection fails every read and write: what the handler answers
    /// is never sent, and the connection is closed.
    pub fn drop_connection(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    fn dropped(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

impl Listener for Connections {
    type Io = Connection;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Connection, SocketAddr) {
        loop {
            match self.0.accept().await {
                Ok((stream, addr)) => {
                    let dropper = Dropper::default();
                    return (Connection { stream, dropper }, addr);
                }
                // Too many open files and the like: try again shortly.
                Err(_) => tokio::time::sleep(std::time::Duration::from_millis(10)).await,
            }
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.0.local_addr()
    }
}

impl Connected<IncomingStream<'_, Connections>> for Dropper {
    fn connect_info(stream: IncomingStream<'_, Connections>) -> Dropper {
        stream.io().dropper.clone()
    }
}

fn broken() -> io::Error {
    io::Error::new(
        io::ErrorKind::ConnectionAborted,
        "the fake lost this answer",
    )
}

impl AsyncRead for Connection {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.dropper.dropped() {
            return Poll::Ready(Err(broken()));
        }
        Pin::new(&mut this.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Connection {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.dropper.dropped() {
            return Poll::Ready(Err(broken()));
        }
        Pin::new(&mut this.stream).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.dropper.dropped() {
            return Poll::Ready(Err(broken()));
        }
        Pin::new(&mut this.stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}
