package dev.dsoap.axis2.it;

import dev.dsoap.axis2.DsoapRpcServiceClient;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * dsoap's own {@code DsoapRpcServiceClient}, with the WS-Addressing stand-in ({@link WsaHandlers}) engaged on its
 * configuration and compressed requests, against a server with both: its requests go with the addressing header
 * blocks before dsoap's body, and the answers it asks in binary come back as XML written by dsoap, since header
 * blocks have no place in a binary message. The checks of {@link FeaturesIT#calls}, and the client's own counters.
 */
class EngagedClientFeaturesIT {
    @TempDir
    static Path dir;
    static Axis2Server server;
    static ConfigurationContext dsoapClients;

    @BeforeAll
    static void start() throws Exception {
        String wsa = "<module ref=\"" + WsaHandlers.MODULE + "\"/>";
        server = Axis2Server.start(dir, true, wsa);
        Path engaged = Axis2Server.repository(dir, true, wsa);
        dsoapClients = ConfigurationContextFactory.createConfigurationContextFromFileSystem(engaged.toString(),
                engaged.resolve("axis2.xml").toString());
    }

    @AfterAll
    static void stop() throws Exception {
        if (dsoapClients != null) {
            dsoapClients.terminate();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void dsoapClientWithAddressingAndCompressedRequests() throws Exception {
        FeaturesIT.calls(server, new DsoapRpcServiceClient(dsoapClients, null), true, "DsoapRpcServiceClient, addressing, gzip");
        Stats client = Stats.find(dsoapClients, "client", "anonService", "anonOutInOp");
        assertTrue(client.get("MessagesWritten") >= FeaturesIT.CALLS, client.toString());
        assertEquals(0, client.writeFallbacks("HEADERS"), client.toString());
    }
}
