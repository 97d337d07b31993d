package com.acme.own;

import java.time.Duration;
import java.util.List;
import java.util.Scanner;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.mcp.SyncMcpToolCallbackProvider;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/** The shape of spring-ai-examples' sqlite/chatbot: its own stdio MCP client, a chat loop with memory. */
@SpringBootApplication
public class OwnClientApplication {

	public static void main(String[] args) {
		SpringApplication.run(OwnClientApplication.class, args);
	}

	@Bean
	public CommandLineRunner chat(ChatClient.Builder chatClientBuilder, List<McpSyncClient> mcpClients) {
		return args -> {
			var chatClient = chatClientBuilder
				.defaultToolCallbacks(new SyncMcpToolCallbackProvider(mcpClients))
				.defaultAdvisors(MessageChatMemoryAdvisor.builder(MessageWindowChatMemory.builder().build()).build())
				.build();
			var scanner = new Scanner(System.in);
			while (true) {
				System.out.print("USER: ");
				String input = scanner.nextLine();
				if (input.equalsIgnoreCase("exit")) {
					break;
				}
				System.out.println("ASSISTANT: " + chatClient.prompt(input).call().content());
			}
		};
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean(McpSyncClient.class)
	public McpSyncClient mcpClient() {
		var stdioParams = ServerParameters.builder("python")
			.args("weather_server.py", "own")
			.build();
		var mcpClient = McpClient.sync(new StdioClientTransport(stdioParams, McpJsonDefaults.getMapper()))
			.requestTimeout(Duration.ofSeconds(10))
			.build();
		var init = mcpClient.initialize();
		System.out.println("MCP Initialized: " + init.serverInfo().name());
		return mcpClient;
	}
}
