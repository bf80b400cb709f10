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
 * blocks before dsoap's body, the answers it asks in binary come back as XML written by dsoap, since header blocks
 * have no place in a binary message, and it reads them past their addressing blocks, which its addressing handlers
 * read (each answer relates to its request). The checks of {@link FeaturesIT#calls}, and the client's own counters:
 * every request written and every answer read by dsoap, with no fallback.
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
        assertTrue(client.get("MessagesRead") >= FeaturesIT.CALLS, "the answers, addressing blocks and all: " + client);
        assertEquals(java.util.Map.of(), client.map("ReadFallbacks"), client.toString());
        assertEquals(java.util.Map.of(), client.map("WriteFallbacks"), client.toString());
    }
}
